import './play.css';
import { useState } from 'react';
import { PlaySetupForm } from './PlaySetupForm';
import { Transcript } from './Transcript';
import { act, hidePlan, revealPlan, startSession, type PlaySession, type PlaySetup } from './play-session';

const INITIAL: PlaySetup = { envId: 'household-v0', seed: 1, taskType: 'pick_and_place_simple', split: 'seen' };

function Outcome({ session }: { session: PlaySession }) {
  const { state } = session;
  if (!state.done) return <p className="play-turns">Turn {state.turn} of {state.maxTurns} · the shortest plan takes {session.oracleTurns}</p>;
  return (
    <p role="status" className={state.success ? 'outcome success' : 'outcome failure'}>
      {state.success
        ? `Success in ${state.turn} turns; the shortest plan takes ${session.oracleTurns}.`
        : `Out of turns after ${state.turn}. Start again or reveal the oracle's plan next time.`}
    </p>
  );
}

function OraclePlan({ session, onToggle }: { session: PlaySession; onToggle(): void }) {
  return (
    <section aria-label="Oracle plan" className="oracle-plan">
      <button type="button" onClick={onToggle}>{session.plan ? "Hide the oracle's plan" : "Reveal the oracle's plan"}</button>
      {session.plan && (
        <>
          <p>Shortest plan from here ({session.plan.length} step{session.plan.length === 1 ? '' : 's'}):</p>
          <ol>{session.plan.map((a, k) => <li key={k}><code>{a}</code></li>)}</ol>
        </>
      )}
    </section>
  );
}

/** Play a task by hand: type or click admissible commands, read the transcript, peek at the oracle. */
export function PlayView() {
  const [session, setSession] = useState(() => startSession(INITIAL));
  const [typed, setTyped] = useState('');
  const send = (command: string) => {
    setSession((s) => act(s, command));
    setTyped('');
  };
  return (
    <div className="play">
      <PlaySetupForm initial={INITIAL} onStart={(setup) => setSession(startSession(setup))} />
      <p className="play-task"><strong>Task:</strong> {session.task}</p>
      <Outcome session={session} />
      <div className="play-columns">
        <Transcript entries={session.transcript} />
        <div className="play-side">
          <form className="command" onSubmit={(e) => { e.preventDefault(); send(typed); }}>
            <label>
              Command
              <input value={typed} list="admissible-commands" autoComplete="off" disabled={session.state.done}
                onChange={(e) => setTyped(e.target.value)} />
            </label>
            <datalist id="admissible-commands">{session.admissible.map((a) => <option key={a} value={a} />)}</datalist>
            <button type="submit" disabled={session.state.done}>Send</button>
          </form>
          <section aria-label="Admissible actions" className="admissible">
            {session.admissible.map((a) => (
              <button key={a} type="button" onClick={() => send(a)}>{a}</button>
            ))}
          </section>
          <OraclePlan session={session} onToggle={() => setSession((s) => (s.plan ? hidePlan(s) : revealPlan(s)))} />
        </div>
      </div>
    </div>
  );
}
