import type { ReactNode } from 'react';
import { errorMessage } from '../i18n/error-messages';
import { moneyText } from '../i18n/format';
import { type PrintedNumbers, usePrintedNumbers } from '../i18n/printed-numbers';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { useJournal } from '../stores/journal-store';
import { type Notice, useNotices } from '../stores/notice-store';
import { PrintReceiptButton } from './PrintReceiptButton';
import './notices.css';

function noticeText(
  notice: Notice,
  t: ReturnType<typeof useMessages>,
  language: 'en' | 'ar',
  printed: PrintedNumbers,
): string {
  switch (notice.kind) {
    case 'sale-ready':
      return t.pending.ready(printed.receipt(notice.receipt), notice.name);
    case 'sale-failed':
      return t.pending.failedNotice(printed.receipt(notice.receipt));
    case 'low-balance':
      return t.lowBalanceNotice(
        moneyText(notice.balance, language),
        notice.threshold ? moneyText(notice.threshold, language) : null,
      );
    case 'error':
      return errorMessage(notice.error, language);
    default: {
      const unknown: never = notice;
      return unknown;
    }
  }
}

/** Notices raised by events while the cashier works elsewhere; each stays until dismissed or opened. */
export function Notices(): ReactNode {
  const t = useMessages();
  const language = useLanguage();
  const printed = usePrintedNumbers();
  const notices = useNotices((state) => state.notices);
  const dismiss = useNotices((state) => state.dismiss);
  const view = useJournal((state) => state.view);
  return (
    <section className="notices" aria-label={t.notices}>
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.kind}`} role="alert">
          <span>{noticeText(notice, t, language, printed)}</span>
          {notice.kind === 'sale-ready' || notice.kind === 'sale-failed' ? (
            <button
              type="button"
              className="small"
              onClick={() => {
                dismiss(notice.id);
                // A sale that is ready is shown to be handed over: its QR codes at once.
                void view(notice.saleId, notice.kind === 'sale-ready');
              }}
            >
              {t.show}
            </button>
          ) : null}
          {notice.kind === 'sale-ready' ? <PrintReceiptButton kind="sale" id={notice.saleId} /> : null}
          <button type="button" className="secondary small" onClick={() => dismiss(notice.id)}>
            {t.dismiss}
          </button>
        </div>
      ))}
    </section>
  );
}
