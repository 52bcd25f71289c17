import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * `text` as a QR code (qrcode-generator: maintained, no dependencies, gives the module matrix so the
 * code is drawn as one SVG path that stays sharp at projector size). Error correction M (15 %), a
 * quiet zone of 4 modules as the standard asks, dark on white whatever the page's colours.
 */
export function QrCode({ text, label, size = 180 }: { text: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { path: d, count: n + 8 };
  }, [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${count} ${count}`} width={size} height={size} shapeRendering="crispEdges" data-testid="class-link-qr">
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
