/**
 * The pages' static assets (src/web/assets), fingerprinted at start-up: each is served at
 * /assets/<name>.<hash>.<ext> and cached for a year, since a changed file gets a new address.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ASSET_DIR = join(import.meta.dir, "assets");

const CONTENT_TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
};

export interface Asset {
  /** The fingerprinted address, e.g. /assets/log.3f2a9c01b4.js */
  url: string;
  body: Uint8Array;
  contentType: string;
}

export class AssetCatalog {
  private readonly byName = new Map<string, Asset>();
  private readonly byUrl = new Map<string, Asset>();

  constructor(dir = ASSET_DIR) {
    for (const file of readdirSync(dir)) {
      const dot = file.lastIndexOf(".");
      const ext = file.slice(dot + 1);
      const contentType = CONTENT_TYPES[ext];
      if (!contentType) continue;
      const body = new Uint8Array(readFileSync(join(dir, file)));
      const hash = new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 12);
      const asset = { url: `/assets/${file.slice(0, dot)}.${hash}.${ext}`, body, contentType };
      this.byName.set(file, asset);
      this.byUrl.set(asset.url, asset);
    }
  }

  /** The fingerprinted address of an asset by its file name; a missing asset is a programming error. */
  url(name: string): string {
    const asset = this.byName.get(name);
    if (!asset) throw new Error(`unknown web asset ${name}`);
    return asset.url;
  }

  find(url: string): Asset | undefined {
    return this.byUrl.get(url);
  }
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
