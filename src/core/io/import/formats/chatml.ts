/**
 * Splitting a decoded response that kept its ChatML markers (`<|im_start|>{role}\n…<|im_end|>`,
 * Qwen's chat template) into the model's turns and what came back between them. A multi-turn
 * generator that appends the environment's reply to the response as a chat message
 * (SkyRL's `SkyRLGymGenerator`) writes `{reply 1}<|im_end|>\n<|im_start|>user\n{obs 1}<|im_end|>\n
 * <|im_start|>assistant\n{reply 2}…`; text before the first `<|im_start|>` is the first reply.
 */

export interface ChatTurn {
  /** The model's reply, without its closing `<|im_end|>`. */
  response: string;
  /** The messages (user / tool) that followed it, joined by a blank line; null if none. */
  feedback: string | null;
}

const START = '<|im_start|>';
const END = '<|im_end|>';

const stripEnd = (text: string): string => {
  const t = text.replace(/\n$/, '');
  return t.endsWith(END) ? t.slice(0, -END.length) : t;
};

/** The replies of `text` in order; a text without markers is one reply. */
export function splitChatml(text: string): ChatTurn[] {
  const [first, ...messages] = text.split(START);
  const turns: ChatTurn[] = [];
  let current: ChatTurn | null = first.trim() === '' && messages.length > 0 ? null : { response: stripEnd(first), feedback: null };
  for (const message of messages) {
    const nl = message.indexOf('\n');
    const role = (nl < 0 ? message : message.slice(0, nl)).trim();
    const content = stripEnd(nl < 0 ? '' : message.slice(nl + 1));
    if (role === 'assistant') {
      if (current) turns.push(current);
      current = { response: content, feedback: null };
    } else if (current) current.feedback = current.feedback === null ? content : `${current.feedback}\n\n${content}`;
  }
  if (current) turns.push(current);
  return turns;
}

/** The content of the last user message of a ChatML prompt, or the whole text without markers. */
export function lastUserMessage(prompt: string): string {
  const at = prompt.lastIndexOf(`${START}user\n`);
  if (at < 0) return prompt;
  return stripEnd(prompt.slice(at + START.length + 'user\n'.length).split(START)[0]);
}
