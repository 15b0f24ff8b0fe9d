import { type ReactNode, useEffect } from 'react';
import { useLanguage } from '../i18n/use-messages';
import { useSession } from '../stores/session-store';
import { deviceText } from './device-text';
import { usePrinting } from './receipt-printing';

/**
 * The printers of this computer, to fill Settings' printer name with one click (desktop app only:
 * a browser cannot list printers, and prints through its own dialog).
 */
export function PrinterChoices({ onChoose }: { readonly onChoose: (name: string) => void }): ReactNode {
  const t = deviceText(useLanguage());
  const printers = usePrinting((state) => state.printers);
  const mode = useSession((state) => state.status?.devices.printing);
  // A printer plugged in since the counter started is listed when Settings open.
  useEffect(() => {
    if (mode) void usePrinting.getState().loadPrinters();
  }, [mode]);
  if (printers.length === 0) return null;
  return (
    <fieldset className="device-choices">
      <legend>{t.printers}</legend>
      {printers.map((printer) => (
        <button
          key={printer.name}
          type="button"
          className="secondary small"
          title={printer.name}
          onClick={() => onChoose(printer.name)}
        >
          {printer.displayName || printer.name}
        </button>
      ))}
    </fieldset>
  );
}
