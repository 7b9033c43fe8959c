/**
 * The pages' static assets (src/web/assets, and files from our dependencies), fingerprinted at
 * start-up: each is served at /assets/<name>.<hash>.<ext> and cached for a year, since a changed
 * file gets a new address. Each is brotli-compressed once, on its first request.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const ASSET_DIR = join(import.meta.dir, "assets");

/** Assets shipped by packages, by the name they are served under. */
const PACKAGE_ASSETS: Record<string, string> = {
  // The API reference viewer of /docs (Scalar's standalone browser bundle): from our own origin,
  // pinned by the lockfile, instead of a CDN's latest.
  "api-reference.js": join(dirname(Bun.resolveSync("@scalar/api-reference", import.meta.dir)), "browser", "standalone.js"),
};

const brotliCompress = promisify(zlib.brotliCompress);

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
  /** The body brotli-compressed, once it was first asked for. */
  brotli?: Promise<Uint8Array>;
}

export class AssetCatalog {
  private readonly byName = new Map<string, Asset>();
  private readonly byUrl = new Map<string, Asset>();

  constructor(dir = ASSET_DIR, packageAssets = PACKAGE_ASSETS) {
    const files = [...readdirSync(dir).map((file) => [file, join(dir, file)]), ...Object.entries(packageAssets)];
    for (const [file, path] of files) {
      const dot = file.lastIndexOf(".");
      const ext = file.slice(dot + 1);
      const contentType = CONTENT_TYPES[ext];
      if (!contentType) continue;
      const body = new Uint8Array(readFileSync(path));
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

  /** The asset's body in brotli, compressed on the first call and kept (the reference bundle is 4 MB). */
  brotli(asset: Asset): Promise<Uint8Array> {
    asset.brotli ??= brotliCompress(asset.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return asset.brotli;
  }
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
