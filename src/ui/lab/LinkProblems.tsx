import { configEvents, useConfigStore } from '../../state/config-store';

/** Values from the opened link that could not be used, each named, with the default used instead. */
export function LinkProblems() {
  const problems = useConfigStore((s) => s.linkProblems);
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="link-problems" data-testid="link-problems">
      <p><strong>This link had values Rollout Lab could not use; they were replaced by defaults:</strong></p>
      <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
      <button type="button" onClick={configEvents.linkProblemsDismissed}>Dismiss</button>
    </div>
  );
}
