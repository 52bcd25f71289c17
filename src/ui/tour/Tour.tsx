import './tour.css';
import { autoPlacement, computePosition, offset, shift, size } from '@floating-ui/dom';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { classEvents, useClassStore } from '../../state/class-store';
import { useRunStore } from '../../state/run-store';
import { useViewStore } from '../../state/view-store';
import { TOUR_STEPS } from './tour-steps';

interface Box { top: number; left: number; width: number; height: number }

/** Follows the step's target element (it may render late or move) and scrolls it into view once. */
function useTargetBox(selector: string | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!selector) return undefined;
    let scrolled = false;
    const update = () => {
      const el = document.querySelector(selector);
      if (!el) return setBox(null);
      if (!scrolled) {
        el.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
        scrolled = true;
      }
      const r = el.getBoundingClientRect();
      setBox((old) => (old && old.top === r.top && old.left === r.left && old.width === r.width && old.height === r.height ? old : { top: r.top, left: r.left, width: r.width, height: r.height }));
    };
    update();
    const timer = window.setInterval(update, 200);
    return () => window.clearInterval(timer);
  }, [selector]);
  return box;
}

/**
 * Places the tour card beside its target, never over it (@floating-ui/dom: the side with the most
 * room, shifted to stay in the window, shrunk to fit). Without a target the card keeps its CSS place.
 */
function usePlacement(card: RefObject<HTMLDivElement | null>, selector: string | null, box: Box | null): void {
  useLayoutEffect(() => {
    const floating = card.current;
    const target = selector ? document.querySelector(selector) : null;
    if (!floating) return;
    if (!target || !box) {
      floating.style.removeProperty('left');
      floating.style.removeProperty('top');
      floating.classList.remove('placed');
      return;
    }
    let cancelled = false;
    void computePosition(target, floating, {
      strategy: 'fixed',
      middleware: [
        offset(12),
        autoPlacement({ allowedPlacements: ['right', 'left', 'bottom', 'top'], padding: 8 }),
        shift({ padding: 8 }),
        size({ padding: 8, apply: ({ availableHeight }) => { floating.style.maxHeight = `${Math.max(160, availableHeight)}px`; } }),
      ],
    }).then(({ x, y }) => {
      if (cancelled) return;
      floating.classList.add('placed');
      Object.assign(floating.style, { left: `${x}px`, top: `${y}px` });
    });
    return () => { cancelled = true; };
  }, [card, selector, box]);
}

/** The guided tour: a non-modal dialog walking TOUR_STEPS; Next/Back/Close by keyboard, Escape closes. */
export function Tour() {
  const index = useClassStore((s) => s.tourStep);
  const step = index === null ? null : TOUR_STEPS[index];
  useRunStore((s) => s.example); // re-render the text when the state it reads changes
  useRunStore((s) => s.runs);
  useViewStore((s) => s.trajectory);
  const next = useRef<HTMLButtonElement>(null);
  const box = useTargetBox(step?.target ?? null);
  const card = useRef<HTMLDivElement>(null);
  usePlacement(card, step?.target ?? null, box);
  // focus goes back where it was when the tour opened
  const opener = useRef<HTMLElement | null>(null);
  const open = index !== null;
  useEffect(() => {
    if (!open) return undefined;
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      const back = opener.current;
      if (back && back.isConnected && !back.matches(':disabled')) back.focus();
      else document.getElementById('main')?.focus();
    };
  }, [open]);
  useLayoutEffect(() => {
    if (step) step.enter();
  }, [step]);
  useEffect(() => {
    if (index !== null) next.current?.focus();
  }, [index]);
  useEffect(() => {
    if (index === null) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') classEvents.tourClosed();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index]);
  if (index === null || !step) return null;
  const last = index === TOUR_STEPS.length - 1;
  return (
    <>
      {box && <div className="tour-spotlight" aria-hidden="true" style={{ top: box.top - 6, left: box.left - 6, width: box.width + 12, height: box.height + 12 }} />}
      <div ref={card} role="dialog" aria-modal="false" aria-labelledby="tour-title" aria-describedby="tour-text" className="tour" data-step={step.id}>
        <p className="tour-count">Step {index + 1} of {TOUR_STEPS.length}</p>
        <h2 id="tour-title">{step.title}</h2>
        <p id="tour-text" aria-live="polite">{step.text()}</p>
        <div className="tour-buttons">
          <button type="button" onClick={() => classEvents.tourOpened(index - 1)} disabled={index === 0}>Back</button>
          <button type="button" ref={next} className="primary" onClick={() => (last ? classEvents.tourClosed() : classEvents.tourOpened(index + 1))}>
            {last ? 'Finish' : 'Next'}
          </button>
          <button type="button" onClick={classEvents.tourClosed}>Close tour</button>
        </div>
      </div>
    </>
  );
}
