/**
 * Scripted groups from our own environments, for the sample files (not a policy that learns): each
 * of the G members follows the oracle's next step with its own probability ("skill") and otherwise
 * takes a random admissible action; now and then it forgets the tags (a badly formatted reply,
 * which the frameworks pass to the env as junk). Thoughts vary in length so responses differ in
 * L_{i,t}. Everything is seeded (`deriveSeed(seed, 'sample', member)`).
 */
import { getEnv, type EnvId } from '../../env/registry';
import { createRng, deriveSeed, type Rng } from '../../math/rng';

export interface SimStep {
  /** What the policy saw before acting (step 0: the reset text). */
  observation: string;
  admissible: string[];
  thought: string;
  /** The command it meant (inside the tags). */
  action: string;
  /** False when the reply lacks its tags (the env then receives `envAction`). */
  wellFormed: boolean;
  envAction: string;
  feedback: string;
  reward: number;
  done: boolean;
}

export interface SimTrajectory {
  steps: SimStep[];
  success: boolean;
  /** The env's own score when it has one (shop 0..1, science 0..100). */
  score?: number;
}

export interface SimGroup {
  envId: EnvId;
  seed: number;
  task: string;
  taskType: string;
  intro: string;
  trajectories: SimTrajectory[];
}

const OPENERS = [
  'The next useful step looks like "{a}".',
  'I think "{a}" is what I should do now.',
  'Looking at this, "{a}" seems right.',
  'My plan: "{a}".',
];

const FILLER = [
  'Let me check what is around first.',
  'I should not waste steps on places I have already seen.',
  'The goal mentions this, so it is worth a try.',
  'If this fails I will look somewhere else.',
  'Acting directly seems best here.',
  'I have not tried this yet.',
  'This brings me closer to what the task asks for.',
  'Going back would cost a turn.',
  'The observation suggests this is the right place.',
  'I will keep track of what I have found.',
];

function thoughtFor(action: string, rng: Rng): string {
  const extra = 1 + rng.int(4);
  const parts = [OPENERS[rng.int(OPENERS.length)].replace('{a}', action)];
  for (let i = 0; i < extra; i++) parts.push(FILLER[rng.int(FILLER.length)]);
  if (rng.next() < 0.5) parts.push(`That makes ${1 + rng.int(9)} things I have ruled out.`);
  return parts.join(' ');
}

export interface SimOptions {
  groupSize: number;
  maxTurns: number;
  /** Probability per turn of a reply without tags. */
  malformedRate?: number;
  /** How many trailing characters of a tagless reply the framework sends to the env (verl-agent: 30, WebShop 20). */
  junkTail?: number;
}

/** The reply text for a step: tagged, or the thought and a plain sentence when it forgot its tags. */
export function replyText(step: Pick<SimStep, 'thought' | 'action' | 'wellFormed'>): string {
  return step.wellFormed ? `<think>${step.thought}</think>\n<action>${step.action}</action>` : `${step.thought} I will ${step.action}`;
}

export function simulateGroup(envId: EnvId, seed: number, options: SimOptions): SimGroup {
  const env = getEnv(envId);
  const reset = env.reset(seed, { maxTurns: options.maxTurns });
  const trajectories: SimTrajectory[] = [];
  for (let member = 0; member < options.groupSize; member++) {
    const rng = createRng(deriveSeed(seed, 'sample', member));
    const skill = 0.45 + 0.5 * (member / Math.max(1, options.groupSize - 1));
    let state = reset.state;
    let observation = reset.observation;
    const steps: SimStep[] = [];
    let success = false;
    for (let t = 0; t < options.maxTurns; t++) {
      const admissible = env.admissibleActions(state);
      const plan = env.solve(state);
      const action = plan.length > 0 && rng.next() < skill ? plan[0] : admissible[rng.int(admissible.length)];
      const thought = thoughtFor(action, rng);
      const wellFormed = rng.next() >= (options.malformedRate ?? 0.06);
      const envAction = wellFormed ? action : replyText({ thought, action, wellFormed }).toLowerCase().slice(-(options.junkTail ?? 30));
      const result = env.step(state, envAction);
      steps.push({ observation, admissible, thought, action, wellFormed, envAction, feedback: result.observation, reward: result.reward, done: result.done });
      state = result.state;
      observation = result.observation;
      if (result.done) {
        success = result.success;
        break;
      }
    }
    trajectories.push({ steps, success, ...(state.score !== undefined ? { score: state.score } : {}) });
  }
  return { envId, seed, task: reset.task, taskType: reset.state.taskType, intro: reset.observation, trajectories };
}
