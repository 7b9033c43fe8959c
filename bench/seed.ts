/**
 * Puts logs into the service and the floor before read scenarios: uploads over HTTP, the way a
 * client would, and returns their ids.
 */
import { forgeServerLog } from "./fixtures.ts";

export async function uploadText(baseUrl: string, path: string, text: string): Promise<string> {
  const response = await fetch(baseUrl + path, { method: "POST", headers: { "content-type": "text/plain" }, body: text });
  if (response.status !== 200) throw new Error(`seeding ${baseUrl}${path}: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return id;
}

/** `count` distinct Forge logs (distinct blobs), uploaded to both; ids in the same order. */
export async function seedDistinctLogs(serviceUrl: string, floorUrl: string, count: number): Promise<{ service: string[]; floor: string[] }> {
  const service: string[] = [];
  const floor: string[] = [];
  for (let variant = 0; variant < count; variant++) {
    const text = forgeServerLog({ variant });
    service.push(await uploadText(serviceUrl, "/v1/log", text));
    floor.push(await uploadText(floorUrl, "/log", text));
  }
  return { service, floor };
}
