/**
 * The tool calls of one run, bounded and spaced out. A prompt-injected log can make the model ask
 * for hundreds of calls in one step, and every call is work on the server's one thread. So:
 * - at most `perStep` calls of a step and `perRun` of the run are carried out; the others are
 *   answered to the model as refused (a tool error it reads), at no cost;
 * - calls run one at a time (the agent sets the SDK's tool concurrency to 1), each after a turn of
 *   the event loop, so requests that arrive meanwhile are answered between two calls.
 */
import { nextTurn } from "./next-turn.ts";

export interface ToolCallLimits {
  perStep: number;
  perRun: number;
}

export interface ToolCallBudget {
  /** A new model step begins: its own per-step allowance. */
  nextStep(): void;
  /** Carries out `call` after a turn of the event loop, or throws the refusal the model is shown. */
  run<T>(call: () => T | Promise<T>): Promise<T>;
}

export function toolCallBudget(limits: ToolCallLimits): ToolCallBudget {
  let inStep = 0;
  let inRun = 0;
  return {
    nextStep() {
      inStep = 0;
    },
    async run(call) {
      await nextTurn();
      if (inRun >= limits.perRun) {
        throw new Error(`refused: this analysis already made ${limits.perRun} tool calls (the limit); answer with what you have`);
      }
      if (inStep >= limits.perStep) {
        throw new Error(`refused: at most ${limits.perStep} tool calls are carried out per step; make fewer, more targeted calls`);
      }
      inStep++;
      inRun++;
      return call();
    },
  };
}
