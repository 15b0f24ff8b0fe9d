import { type ReactNode, useRef, useState } from 'react';
import type { PosError } from '../../../shared/errors';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { printReceipt } from '../receipts/print-receipt';
import { Dialog } from './Dialog';
import { ErrorPanel } from './ErrorPanel';

/**
 * Prints a sale's or top-up's receipt; `copy` prints a reprint marked COPY, which the core may
 * guard with the manager PIN while the eSIM is not installed yet.
 */
export function PrintReceiptButton({
  kind,
  id,
  copy = false,
}: {
  readonly kind: 'sale' | 'topup';
  readonly id: string;
  readonly copy?: boolean;
}): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const [error, setError] = useState<PosError | null>(null);
  const [askPin, setAskPin] = useState(false);
  const [pin, setPin] = useState('');
  const pinRef = useRef<HTMLInputElement>(null);

  async function print(withPin?: string): Promise<void> {
    setError(null);
    const result = await printReceipt({ kind, id, language, copy, ...(withPin ? { pin: withPin } : {}) });
    if (result.ok) {
      setAskPin(false);
    } else if (result.error.code === 'PIN_REQUIRED' || result.error.code === 'PIN_INVALID') {
      setAskPin(true);
      if (withPin) setError(result.error);
    } else {
      setError(result.error);
    }
  }

  return (
    <>
      <button type="button" className="secondary" onClick={() => void print()}>
        {copy ? t.sell.printCopy : t.sell.printReceipt}
      </button>
      {error && !askPin ? <ErrorPanel error={error} /> : null}
      {askPin ? (
        <Dialog title={t.settings.pin} onCancel={() => setAskPin(false)} initialFocus={pinRef}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void print(pin);
            }}
          >
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
              <button type="submit">{copy ? t.sell.printCopy : t.sell.printReceipt}</button>
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
