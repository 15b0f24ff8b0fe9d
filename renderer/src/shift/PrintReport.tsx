import { type ReactNode, useId, useState } from 'react';
import type { PosError, Result } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { printInBrowser } from '../devices/browser-print';
import { useLanguage } from '../i18n/use-messages';
import { useSettings } from '../stores/settings-store';
import { shiftText } from './shift-text';

export type Paper = '58' | '80' | 'a4';

/**
 * Prints an X or Z report on the receipt roll or as an A4 page (the browser's dialog saves that as a
 * PDF). The core renders it and logs the printing.
 */
export function PrintReport({
  kind,
  shiftId,
  label,
}: {
  readonly kind: 'x' | 'z';
  readonly shiftId: string;
  readonly label: string;
}): ReactNode {
  const language = useLanguage();
  return (
    <PrintOnPaper
      label={label}
      render={(paper) => pos().renderShiftReport({ kind, shiftId, paper, language })}
    />
  );
}

/**
 * Prints a report the core renders on the paper chosen: the receipt roll's width by default, or an
 * A4 page.
 */
export function PrintOnPaper({
  label,
  render,
}: {
  readonly label: string;
  readonly render: (paper: Paper) => Promise<Result<{ readonly html: string }>>;
}): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const paperWidth = useSettings((state) => state.settings?.paperWidthMm ?? 80);
  const [paper, setPaper] = useState<Paper | null>(null);
  const [error, setError] = useState<PosError | null>(null);
  const paperId = useId();
  const chosen = paper ?? (String(paperWidth) as Paper);
  return (
    <div className="print-report">
      <label htmlFor={paperId}>{t.paper}</label>
      <select id={paperId} value={chosen} onChange={(event) => setPaper(event.target.value as Paper)}>
        <option value="58">58 mm</option>
        <option value="80">80 mm</option>
        <option value="a4">{t.a4}</option>
      </select>
      <button
        type="button"
        className="primary"
        onClick={() => {
          setError(null);
          void render(chosen)
            .then(async (result) => {
              if (!result.ok) {
                setError(result.error);
                return;
              }
              // An A4 report declares its page; a roll is sized to its content, like a receipt.
              await (chosen === 'a4'
                ? printInBrowser(result.value.html, () => {})
                : printInBrowser(result.value.html));
            })
            .catch((problem: unknown) =>
              setError({ code: 'PRINT_FAILED', message: `The browser could not print: ${String(problem)}` }),
            );
        }}
      >
        {label}
      </button>
      {error ? <ErrorPanel error={error} /> : null}
    </div>
  );
}
