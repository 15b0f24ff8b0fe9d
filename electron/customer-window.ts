import { type BrowserWindow, type Rectangle, screen } from 'electron';
import { customerScreen } from './core/devices/customer-screen';

/**
 * Keeps the customer display on the screen facing the customer: opened full-screen there while a
 * second screen is attached, moved when screens change, closed when it is unplugged. Returns the
 * function that stops following and closes it.
 */
export function followCustomerScreen(open: (bounds: Rectangle) => BrowserWindow): () => void {
  let win: BrowserWindow | null = null;
  const place = (): void => {
    const target = customerScreen(screen.getAllDisplays(), screen.getPrimaryDisplay().id);
    if (!target) {
      win?.close();
      return;
    }
    if (win && !win.isDestroyed()) {
      win.setBounds(target.bounds);
      return;
    }
    const opened = open(target.bounds);
    opened.on('closed', () => {
      if (win === opened) win = null;
    });
    win = opened;
  };
  place();
  screen.on('display-added', place);
  screen.on('display-removed', place);
  screen.on('display-metrics-changed', place);
  return () => {
    screen.off('display-added', place);
    screen.off('display-removed', place);
    screen.off('display-metrics-changed', place);
    win?.close();
  };
}
