// Mounts the API reference on /docs. api-reference.js (Scalar's standalone bundle, loaded before
// this file) defines the global `Scalar`. Everything that would reach another origin is off:
// default fonts (fonts.scalar.com), telemetry, the AI agent, the MCP integration and the
// developer toolbar (links to share and deploy on scalar.com).
const root = document.getElementById("api-reference-root");
Scalar.createApiReference(root, {
  url: root.dataset.document,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
  showOperationId: true,
});
