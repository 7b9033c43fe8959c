/** The AI answer's markdown renderer (src/web/assets/markdown.js): the subset it allows, and that nothing else gets through. */
import { expect, test } from "bun:test";

const path = "../../src/web/assets/markdown.js";
await import(path); // a classic browser script: it defines globalThis.renderMarkdown
const render = (globalThis as unknown as { renderMarkdown(source: string): string }).renderMarkdown;

test("headings, paragraphs, lists, code, emphasis", () => {
  expect(render("# Title\n\nSome **bold** and *italic* text.")).toBe("<h1>Title</h1>\n<p>Some <strong>bold</strong> and <em>italic</em> text.</p>");
  expect(render("- one\n- two\n\n1. first\n2. second")).toBe("<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>");
  expect(render("Use `a < b` here")).toBe("<p>Use <code>a &lt; b</code> here</p>");
  expect(render("```java\nif (a < b) {}\n```")).toBe('<pre><code class="language-java">if (a &lt; b) {}</code></pre>');
  expect(render("> quoted")).toBe("<blockquote><p>quoted</p></blockquote>");
});

test("an unclosed code fence (mid-stream) is code to the end", () => {
  expect(render("Before\n```\n<b>partial")).toBe("<p>Before</p>\n<pre><code>&lt;b&gt;partial</code></pre>");
});

test("all markup in the source is text", () => {
  const html = render('<script>alert(1)</script>\n<img src=x onerror="alert(1)">\n# <b>head</b>');
  expect(html).not.toContain("<script");
  expect(html).not.toContain("<img");
  expect(html).not.toContain("<b>");
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
});

test("links only with http(s) addresses; others lose the link and keep the text", () => {
  expect(render("[docs](https://example.com/a?b=1&c=2)")).toBe(
    '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>',
  );
  expect(render("[x](javascript:alert(1))")).not.toContain("<a");
  expect(render("[x](data:text/html,hi)")).not.toContain("<a");
  expect(render('[x](https://e.com/"onmouseover="alert(1))')).not.toContain('"onmouseover');
});

test("emphasis never reaches into code or link addresses; snake_case stays as it is", () => {
  expect(render("`**not bold**`")).toBe("<p><code>**not bold**</code></p>");
  expect(render("[a](https://e.com/*x*)")).toContain('href="https://e.com/*x*"');
  expect(render("set max_players_online to 20")).toBe("<p>set max_players_online to 20</p>");
});
