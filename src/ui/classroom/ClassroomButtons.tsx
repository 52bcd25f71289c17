import { lazy, Suspense, useState } from 'react';
import { classEvents, useClassStore } from '../../state/class-store';

/** Loaded on first open: the dialog, its QR code encoder and the short-link compressor stay out of the page's main chunk. */
const ClassLinkDialog = lazy(() => import('./ClassLinkDialog').then((m) => ({ default: m.ClassLinkDialog })));

/** Header buttons: the guided tour, presentation type and the class-link dialog. */
export function ClassroomButtons() {
  const tour = useClassStore((s) => s.settings.tour);
  const presentation = useClassStore((s) => s.settings.presentation);
  const [dialog, setDialog] = useState(false);
  return (
    <div className="classroom-buttons">
      {tour && <button type="button" onClick={() => { window.location.hash = 'lab'; classEvents.tourOpened(0); }}>Take the tour</button>}
      <button type="button" aria-pressed={presentation} onClick={classEvents.presentationToggled}>Presentation type</button>
      <span data-control="copy-link"><button type="button" onClick={() => setDialog(true)}>Make a class link</button></span>
      {dialog && <Suspense fallback={null}><ClassLinkDialog onClose={() => setDialog(false)} /></Suspense>}
    </div>
  );
}
