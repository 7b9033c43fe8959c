/* A small, safe markdown renderer for the AI answer. Every piece of text is escaped first; only
   markup this file writes itself reaches the page: headings, paragraphs, lists, block quotes,
   code (fenced and inline), bold, italic, and links whose address starts with http:// or https://.
   It renders partial input too (an unclosed code fence is code until the end), since the answer
   is re-rendered as it streams in. No dependency: the subset is small and this keeps it auditable. */
(function (root) {
  
  var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return ENTITIES[c]; });
  }

  /* Emphasis on already-escaped text (escaping leaves * and _ alone). */
  function emphasis(escaped) {
    return escaped
      .replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, "<strong>$1</strong>")
      .replace(/(^|[^\w])__(?=\S)([^_\n]*?\S)__(?=[^\w]|$)/g, "$1<strong>$2</strong>")
      .replace(/\*(?=\S)([^*\n]*?\S)\*/g, "<em>$1</em>")
      .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?=[^\w]|$)/g, "$1<em>$2</em>");
  }

  /* Inline code and links are cut out first so emphasis never reaches into them. */
  var INLINE = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^()\s]+)\)/g;
  function inline(text) {
    var out = "";
    var last = 0;
    var match;
    INLINE.lastIndex = 0;
    while ((match = INLINE.exec(text)) !== null) {
      out += emphasis(escapeHtml(text.slice(last, match.index)));
      if (match[1] !== undefined) {
        out += "<code>" + escapeHtml(match[1]) + "</code>";
      } else if (/^https?:\/\//i.test(match[3])) {
        out += '<a href="' + escapeHtml(match[3]) + '" rel="noopener noreferrer nofollow" target="_blank">' + emphasis(escapeHtml(match[2])) + "</a>";
      } else {
        out += emphasis(escapeHtml(match[2])); // any other scheme (javascript:, data:) loses its link
      }
      last = INLINE.lastIndex;
    }
    return out + emphasis(escapeHtml(text.slice(last)));
  }

  function renderMarkdown(source) {
    var lines = String(source).replace(/\r\n?/g, "\n").split("\n");
    var html = [];
    var paragraph = [];
    var list = null; // { tag: "ul" | "ol", items: [] }
    var quote = [];

    function flushParagraph() {
      if (paragraph.length) html.push("<p>" + paragraph.map(inline).join("<br>") + "</p>");
      paragraph = [];
    }
    function flushList() {
      if (list) html.push("<" + list.tag + ">" + list.items.map(function (item) { return "<li>" + inline(item) + "</li>"; }).join("") + "</" + list.tag + ">");
      list = null;
    }
    function flushQuote() {
      if (quote.length) html.push("<blockquote><p>" + quote.map(inline).join("<br>") + "</p></blockquote>");
      quote = [];
    }
    function flushAll() { flushParagraph(); flushList(); flushQuote(); }

    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
      if (fence) {
        flushAll();
        var code = [];
        for (i++; i < lines.length && !new RegExp("^\\s*" + fence[1] + "\\s*$").test(lines[i]); i++) code.push(lines[i]);
        var lang = fence[2] ? ' class="language-' + escapeHtml(fence[2]) + '"' : "";
        html.push("<pre><code" + lang + ">" + escapeHtml(code.join("\n")) + "</code></pre>");
        continue;
      }
      var heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        flushAll();
        var level = heading[1].length;
        html.push("<h" + level + ">" + inline(heading[2]) + "</h" + level + ">");
        continue;
      }
      var bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
      var numbered = /^\s*\d{1,9}[.)]\s+(.*)$/.exec(line);
      if (bullet || numbered) {
        flushParagraph(); flushQuote();
        var tag = bullet ? "ul" : "ol";
        if (!list || list.tag !== tag) { flushList(); list = { tag: tag, items: [] }; }
        list.items.push((bullet || numbered)[1]);
        continue;
      }
      var quoted = /^\s*>\s?(.*)$/.exec(line);
      if (quoted) {
        flushParagraph(); flushList();
        quote.push(quoted[1]);
        continue;
      }
      if (/^\s*$/.test(line)) { flushAll(); continue; }
      if (list && /^\s{2,}\S/.test(line)) { list.items[list.items.length - 1] += " " + line.trim(); continue; }
      flushList(); flushQuote();
      paragraph.push(line.trim());
    }
    flushAll();
    return html.join("\n");
  }

  root.renderMarkdown = renderMarkdown;
})(globalThis);
