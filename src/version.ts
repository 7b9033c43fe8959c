/**
 * The release this code is: package.json's name and version, read once. GET /v1 (`version`),
 * the `logpaste_build_info` metric, the OpenAPI document and the page footer show it.
 */
import pkg from "../package.json" with { type: "json" };

export const SERVICE_NAME: string = pkg.name;
export const VERSION: string = pkg.version;
