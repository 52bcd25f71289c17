/** The plain types shared by the verl-agent prompt readers (verl-prompt.ts, verl-prompt-envs.ts, verl-projection.ts). */

export type VerlEnv = 'alfworld' | 'webshop' | 'sokoban' | 'search' | 'appworld' | 'gym_cards';

export interface VerlPrompt {
  env: VerlEnv | null;
  /** The text after `Your task is to: ` up to the end of its line, as written. */
  task: string | null;
  /** Actions already taken: k in "Prior to this step, you have already taken k step(s)"; 0 at step 0. */
  stepCount: number;
  /** The current observation as the env manager stored it (WebShop's added `.` removed). */
  observation: string | null;
  admissible?: string[];
  /** History record k (the last one): the observation before action k and action k. */
  last: { observation: string; action: string } | null;
  /** The raw text of the last record, and of the one before it (null when not shown). */
  lastText: string | null;
  prevText: string | null;
}

export interface Projection {
  /** The command between the tags, or null when a tag is missing. */
  action: string | null;
  /** What the env received (and what the next prompt's history shows). */
  envAction: string;
  /** verl-agent is_action_valid. */
  valid: boolean;
}
