/**
 * Sample AgentGym-RL logs, RAGEN rollout caches and rollouts.v1 files from simulated groups, in
 * each framework's own layout (environments reference §4.1, §4.1b):
 * - AgentGym-RL `step{N}/{rank}.json`: a JSON array written with indent 4 and ASCII escapes; each
 *   entry's conversation is the instruction, a canned acknowledgement, then observation / ReAct
 *   reply pairs and the last feedback; the n samples of one item sit together.
 * - RAGEN: a serialised rollout cache (the in-memory list `get_rollout_states()` returns).
 * - rollouts.v1: JSON Lines, one trajectory per line.
 * The instruction texts are our own wording, not the frameworks'.
 */
import type { RolloutTrajectoryV1 } from '../rollouts-v1';
import { estimateTokens } from '../import/tokens';
import { replyText, type SimGroup } from './simulate';

const AGENTGYM_INSTRUCTIONS: Record<string, string> = {
  'household-v0':
    'You are in a household and must complete a task by interacting with it. Each turn you receive what you observe; reply in the form "Thought:\\n<your reasoning>\\n\\nAction:\\n<one action from the list>".',
  'science-v0':
    'You are doing a science experiment in a small simulated world. Each turn you receive what you observe; reply in the form "Thought:\\n<your reasoning>\\n\\nAction:\\n<one action>".',
  'shop-v0': 'You are shopping on a web shop for the customer. Reply in the form "Thought:\\n<your reasoning>\\n\\nAction:\\n<search[...] or click[...]>".',
};

const asciiJson = (value: unknown, indent?: number): string =>
  JSON.stringify(value, null, indent).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** AgentGym-RL's reward: household won 0/1, shop score 0..1, science score 0..100. */
function agentgymReward(group: SimGroup, i: number): number {
  const traj = group.trajectories[i];
  if (group.envId === 'household-v0') return traj.success ? 1 : 0;
  return traj.score ?? (traj.success ? 1 : 0);
}

export function agentgymRlText(groups: readonly SimGroup[], firstItemId: number): string {
  const entries = groups.flatMap((group, g) =>
    group.trajectories.map((traj, i) => {
      const conversations = [
        { role: 'user', content: AGENTGYM_INSTRUCTIONS[group.envId] },
        { role: 'assistant', content: 'OK. I will follow the format and do my best.' },
      ];
      traj.steps.forEach((step, t) => {
        let observation = t === 0 ? step.observation.replace(/^-= Welcome to TextWorld, ALFRED! =-\n\n/, '') : step.observation;
        if (t === 0 && group.envId === 'household-v0') observation += `\nAVAILABLE ACTIONS: ${step.admissible.join(',')}`;
        conversations.push({ role: 'user', content: observation });
        conversations.push({ role: 'assistant', content: step.wellFormed ? `Thought:\n${step.thought}\n\nAction:\n${step.action}` : step.thought });
      });
      const last = traj.steps[traj.steps.length - 1];
      conversations.push({ role: 'user', content: last.feedback });
      return { item_id: firstItemId + g, conversations, reward: agentgymReward(group, i) };
    }),
  );
  return `${asciiJson(entries, 4)}\n`;
}

export function ragenCacheText(groups: readonly SimGroup[], tag: string, trainStep: number): string {
  const entries = groups.flatMap((group, g) =>
    group.trajectories.map((traj, i) => {
      const maxActions = 10;
      const history: Array<Record<string, unknown>> = traj.steps.map((step, t) => {
        const answer = step.wellFormed ? `<think>${step.thought}</think><answer>${step.action}</answer>` : step.thought;
        const done = t === traj.steps.length - 1 && traj.success;
        return {
          state: step.observation,
          actions_left: maxActions - t,
          actions: step.wellFormed ? [step.action] : [],
          reward: step.wellFormed ? step.reward : 0,
          info: { action_is_valid: step.wellFormed, action_is_effective: step.wellFormed, success: done },
          llm_response: answer,
          llm_raw_response: answer,
        };
      });
      const penalty = -0.1 * traj.steps.filter((s) => !s.wellFormed).length;
      history.push({ state: traj.steps[traj.steps.length - 1].feedback, actions_left: maxActions - traj.steps.length, metrics: {} });
      const metrics = { [`${tag}/success`]: traj.success ? 1 : 0, [`${tag}/num_actions`]: traj.steps.length };
      return { env_id: g * group.trajectories.length + i, history, group_id: g, tag, penalty: Math.round(penalty * 10) / 10, metrics, step: trainStep };
    }),
  );
  return `${JSON.stringify(entries)}\n`;
}

const ENV_NAMES: Record<string, string> = { 'household-v0': 'household-v0', 'shop-v0': 'shop-v0', 'science-v0': 'science-v0' };

/** rollouts.v1 records of simulated groups (response_tokens from estimateTokens: our own count). */
export function nativeRecords(groups: readonly SimGroup[], trainStep: number): RolloutTrajectoryV1[] {
  return groups.flatMap((group, g) =>
    group.trajectories.map((traj, i): RolloutTrajectoryV1 => {
      const groupId = `sample:${trainStep}:${g}`;
      return {
        schema: 'rollouts.v1',
        source: { framework: 'native', run_id: 'sample', model: 'scripted-sample-policy' },
        env: { name: ENV_NAMES[group.envId], max_turns: 15 },
        task: { task_id: `${group.envId}:${group.seed}`, task_type: group.taskType, instruction: group.task },
        train_step: trainStep,
        group_id: groupId,
        traj_id: `${groupId}:${i}`,
        sample_index: i,
        turns: traj.steps.map((step, t) => {
          const response = replyText(step);
          return {
            t,
            observation: step.observation,
            admissible_actions: step.admissible,
            response,
            action: step.wellFormed ? step.action : null,
            format_valid: step.wellFormed,
            action_admissible: step.admissible.includes(step.action),
            feedback: step.feedback,
            reward: step.reward,
            done: step.done,
            response_tokens: estimateTokens(response),
          };
        }),
        outcome: {
          success: traj.success,
          episode_reward: traj.steps.reduce((s, x) => s + x.reward, 0),
          ...(traj.score !== undefined ? { score: traj.score } : {}),
          num_turns: traj.steps.length,
          terminated_by: traj.success ? 'success' : traj.steps[traj.steps.length - 1].done ? 'env_done' : 'turn_limit',
        },
      };
    }),
  );
}
