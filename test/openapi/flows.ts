/**
 * The API's main flows, written against a client generated from the OpenAPI document alone:
 * types from openapi-typescript (../../test-output/openapi/schema.ts, written by
 * client.test.ts), calls through openapi-fetch. client.test.ts compiles this file with the
 * generated types under strict tsc (so a wrong document is a compile error here), then runs it
 * against the real server and checks what it returns. Not part of the project's own tsconfig:
 * the types it imports exist only once the test has generated them.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "../../test-output/openapi/schema.ts";

type ErrorCode = components["schemas"]["Error"]["code"];

export interface FlowResults {
  uploaded: { id: string; tokenLength: number; size: number; lines: number; files: string[] };
  rawLog: string;
  rawFile: string;
  info: { lines: number; files: { name: string; size: number }[] };
  insights: { type: string; problems: number };
  limitsViaAlias: { maxLines: number };
  deleted: boolean;
  afterDelete: { status: number; code: ErrorCode | undefined };
  aiWhenDisabled: { status: number; code: ErrorCode | undefined };
  rateLimitHeader: string | null;
}

export async function runFlows(baseUrl: string, log: string, crashReport: string): Promise<FlowResults> {
  const client = createClient<paths>({ baseUrl });

  const upload = await client.POST("/v1/log", {
    body: { content: log, source: "openapi-client/1.0", files: [{ name: "crash-reports/crash.txt", content: crashReport }] },
  });
  if (!upload.data) throw new Error(`upload failed: ${upload.response.status} ${JSON.stringify(upload.error)}`);
  const { id, token } = upload.data;
  // Plain integers in the document make these `number`, not `string | number`.
  const size: number = upload.data.size;
  const lines: number = upload.data.lines;

  const rawLog = await client.GET("/v1/raw/{id}", { params: { path: { id } }, parseAs: "text" });
  const rawFile = await client.GET("/v1/raw/{id}/{filename}", {
    params: { path: { id, filename: "crash-reports/crash.txt" } },
    parseAs: "text",
  });
  const info = await client.GET("/v1/log/{id}", { params: { path: { id } } });
  const insights = await client.GET("/v1/insights/{id}", { params: { path: { id } } });
  const limits = await client.GET("/1/limits");
  const ai = await client.GET("/v1/ai/{id}", { params: { path: { id } }, parseAs: "stream" });

  const deleted = await client.DELETE("/v1/log/{id}", { params: { path: { id } }, headers: { Authorization: `Bearer ${token}` } });
  const afterDelete = await client.GET("/v1/log/{id}", { params: { path: { id } } });

  return {
    uploaded: { id, tokenLength: token.length, size, lines, files: upload.data.files.map((file) => file.name) },
    rawLog: rawLog.data ?? "",
    rawFile: rawFile.data ?? "",
    info: { lines: info.data?.lines ?? -1, files: (info.data?.files ?? []).map(({ name, size }) => ({ name, size })) },
    insights: { type: insights.data?.type ?? "", problems: insights.data?.analysis.problems.length ?? -1 },
    limitsViaAlias: { maxLines: limits.data?.maxLines ?? -1 },
    deleted: deleted.data?.success === true,
    afterDelete: { status: afterDelete.response.status, code: afterDelete.error?.code },
    aiWhenDisabled: { status: ai.response.status, code: ai.error?.code },
    rateLimitHeader: upload.response.headers.get("RateLimit"),
  };
}
