import { memo, useEffect, useRef } from 'react';
import type { RolloutTurnV1 } from '../../core/io/rollouts-v1';
import { AdvantageBars, type LaneValue } from './AdvantageBars';
import type { TurnMark } from '../model/circuitous';
import { ResponseText } from './ResponseText';

const MARK_ICON: Record<TurnMark['kind'], string> = { revisit: '↺', repeat: '⟳', 'no-effect': '∅' };

function keepVisible(row: HTMLElement | null): void {
  const list = row?.parentElement;
  if (!row || !list) return;
  const top = row.offsetTop; // .turns is position: relative
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
}

export interface TurnRowProps {
  turn: RolloutTurnV1;
  index: number;
  values: LaneValue[];
  bound: number;
  marks: TurnMark[];
  selected: boolean;
  onSelect(index: number): void;
}

/** One turn, compact (response, bars, marks) or expanded when selected (observation, feedback, numbers). */
export const TurnRow = memo(function TurnRow({ turn, index, values, bound, marks, selected, onSelect }: TurnRowProps) {
  const ref = useRef<HTMLLIElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // Only when the selection moves here (not when a new group mounts), and only inside the list:
    // scrollIntoView would also scroll the page and force a layout on every iteration.
    if (mounted.current && selected) keepVisible(ref.current);
    mounted.current = true;
  }, [selected]);
  return (
    <li ref={ref} className={`turn${selected ? ' selected' : ''}${marks.length > 0 ? ' marked' : ''}`} data-turn={index}
      aria-current={selected ? 'step' : undefined} onClick={(e) => { e.stopPropagation(); onSelect(index); }}>
      <div className="turn-line">
        <span className="turn-no">{index + 1}</span>
        <ResponseText response={turn.response} tags={selected} />
        <AdvantageBars values={values} bound={bound} width={40} height={16} numbers={false} />
      </div>
      {marks.map((m) => (
        <div key={m.kind + m.text} className={`mark mark-${m.kind}`} data-mark={m.kind}>
          <span aria-hidden="true">{MARK_ICON[m.kind]}</span> {m.text}
        </div>
      ))}
      {selected ? (
        <div className="turn-detail">
          <div><span className="detail-label">Observation</span><pre>{turn.observation}</pre></div>
          <div><span className="detail-label">Feedback</span><pre>{turn.feedback ?? ''}</pre></div>
          <AdvantageBars values={values} bound={bound} width={72} height={24} />
        </div>
      ) : (
        <div className="turn-feedback">{turn.feedback}</div>
      )}
    </li>
  );
});
