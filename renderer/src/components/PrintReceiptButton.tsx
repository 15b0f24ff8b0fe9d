import { type ReactNode, useRef, useState } from 'react';
import type { PosError, Result } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { customerLanguage } from '../devices/customer-display-store';
import { deviceText } from '../devices/device-text';
import { printReceipt } from '../devices/receipt-printing';
import { PRINT_KEY } from '../hooks/use-shortcuts';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useSession } from '../stores/session-store';
import { Dialog } from './Dialog';
import { ErrorPanel } from './ErrorPanel';

/**
 * Prints a sale's or top-up's receipt; `copy` prints a reprint marked COPY. A sale's receipt carries
 * its QR codes, so the core may ask for the manager PIN (the install codes' rule), for a copy or for
 * an original printed away from the sale's own moment.
 */
export function PrintReceiptButton({
  kind,
  id,
  copy = false,
  label,
}: {
  readonly kind: 'sale' | 'topup' | 'cancellation';
  readonly id: string;
  readonly copy?: boolean;
  /**
   * What the button says when another print button stands beside it; such a button leaves the print
   * key to the receipt the screen is about.
   */
  readonly label?: string;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const [error, setError] = useState<PosError | null>(null);
  const [askPin, setAskPin] = useState(false);
  const [pin, setPin] = useState('');
  const pinRef = useRef<HTMLInputElement>(null);

  const printsToPdf = useSession((state) => state.status?.devices.printing === 'silent');
  // A counter without a manager PIN asks the manager to choose one here, instead of refusing forever.
  const pinSet = useSession((state) => state.status?.managerPinSet !== false);
  const [action, setAction] = useState<'print' | 'pdf'>('print');
  const [saved, setSaved] = useState<string | null>(null);
  // Printed from here already: the next print is a copy, whatever the button says.
  const [printed, setPrinted] = useState(false);

  async function print(withPin?: string, how = action): Promise<void> {
    setError(null);
    setSaved(null);
    setAction(how);
    // The receipt is the customer's: it speaks the language chosen for them at the counter.
    const request = { kind, id, language: customerLanguage(language), copy, pin: withPin };
    const result: Result<{ readonly copyNumber: number | null; readonly path?: string | null }> =
      how === 'pdf' ? await pos().saveReceiptPdf(request) : await printReceipt(request);
    if (result.ok) {
      setAskPin(false);
      setPrinted(true);
      setSaved(result.value.path ?? null);
    } else if (result.error.code === 'PIN_REQUIRED' || result.error.code === 'PIN_INVALID') {
      // Whether a PIN exists decides what is asked (type it, or choose one): read it now, as another
      // window or Settings may have chosen it since this one last heard.
      if (!askPin) await useSession.getState().load();
      setAskPin(true);
      if (withPin) setError(result.error);
    } else {
      setError(result.error);
    }
  }

  async function chooseThenPrint(chosen: string): Promise<void> {
    const result = await pos().setManagerPin({ pin: chosen });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    await useSession.getState().load();
    await print(chosen);
  }

  return (
    <>
      <button
        type="button"
        className="secondary"
        {...(label ? {} : { 'data-print-key': '', 'aria-keyshortcuts': PRINT_KEY.aria })}
        onClick={() => void print(undefined, 'print')}
      >
        {label ?? (copy ? t.sell.printCopy : t.sell.printReceipt)}
      </button>
      {printsToPdf ? (
        <button type="button" className="secondary" onClick={() => void print(undefined, 'pdf')}>
          {deviceText(language).savePdf}
        </button>
      ) : null}
      {saved ? <p role="status">{deviceText(language).savedPdf(saved)}</p> : null}
      {error && !askPin ? <ErrorPanel error={error} /> : null}
      {askPin ? (
        <Dialog title={t.settings.pin} onCancel={() => setAskPin(false)} initialFocus={pinRef}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void (pinSet ? print(pin) : chooseThenPrint(pin));
            }}
          >
            <p className="pin-why">
              {pinSet
                ? copy || printed
                  ? t.sell.reprintPinWhy
                  : t.sell.handOverPinWhy
                : t.sell.choosePinWhy}
            </p>
            <label>
              {t.settings.pin}
              <input
                ref={pinRef}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={pin}
                onChange={(event) => setPin(event.target.value)}
              />
            </label>
            {error ? <ErrorPanel error={error} /> : null}
            <div className="actions">
              <button type="submit">
                {action === 'pdf'
                  ? deviceText(language).savePdf
                  : copy
                    ? t.sell.printCopy
                    : t.sell.printReceipt}
              </button>
              <button type="button" className="secondary" onClick={() => setAskPin(false)}>
                {t.cancel}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
