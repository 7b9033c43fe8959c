/**
 * Throw-away Postgres databases for one benchmark run: the service's and the floor's, on the same
 * server, created at the start and dropped at the end (also when the run fails).
 */
import postgres from "postgres";

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `logpaste_bench_${label}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function postgresVersion(adminUrl: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`show server_version`;
    return String(rows[0].server_version);
  } finally {
    await admin.end();
  }
}
