import QRCode from 'qrcode';
import { type ReactNode, useEffect, useState } from 'react';
import { useMessages } from '../i18n/use-messages';

/**
 * The eSIM's QR code, made here from its LPA string (never fetched): an SVG, so it stays sharp on
 * any screen and printer, with the quiet zone phone cameras need.
 */
export function QrCode({
  text,
  size = 240,
  label,
}: {
  readonly text: string;
  readonly size?: number;
  /** The image's accessible name, when it is not the counter's (the customer display speaks the customer's language). */
  readonly label?: string;
}): ReactNode {
  const t = useMessages();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then(
      (svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (current) setSrc(null);
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  if (!src) return <div className="qr-placeholder" style={{ width: size, height: size }} />;
  return <img className="qr" src={src} width={size} height={size} alt={label ?? t.sell.qrAlt} />;
}
