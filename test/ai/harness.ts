/** Per-test setup shared by the AI route tests: a scripted upstream plus the app in front of it. */
import { afterEach } from "bun:test";
import { paperLogWithBrokenPlugin } from "./fixtures";
import { scriptedUpstream, type Script, type ScriptedUpstream } from "./scripted-upstream";
import { startAiTestServer, type AiTestServer } from "./support";

export interface AiTestRig {
  upstream: ScriptedUpstream;
  server: AiTestServer;
}

const running: AiTestRig[] = [];

afterEach(() => {
  for (const rig of running.splice(0)) {
    rig.server.stop();
    rig.upstream.stop();
  }
});

/** Starts a scripted upstream and the app configured against it; stopped after the test. */
export function startRig(script: Script, env: Record<string, string> = {}, protocol: "openai" | "anthropic" = "openai"): AiTestRig {
  const upstream = scriptedUpstream(protocol, script);
  const server = startAiTestServer({
    AI_PROVIDER: protocol,
    AI_BASE_URL: upstream.url,
    AI_MODEL: "scripted-model",
    AI_API_KEYS: "key-1",
    ...env,
  });
  server.addLog("brokenpl", paperLogWithBrokenPlugin);
  const rig = { upstream, server };
  running.push(rig);
  return rig;
}

/** A promise with its resolve function, for holding a scripted reply until the test says so. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
