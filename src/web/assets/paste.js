/* The paste page's behaviour: size and line counts against the limits before sending, files
   (plain or gzip) by picker or drop, upload, then the log's page. The delete token goes to
   localStorage, and a one-time flag in sessionStorage tells the log page to show it once. */
(function () {
  "use strict";
  var form = document.getElementById("paste-form");
  if (!form) return;
  var textarea = document.getElementById("paste-content");
  var fileInput = document.getElementById("paste-file");
  var stats = document.getElementById("paste-stats");
  var state = document.getElementById("paste-state");
  var submit = document.getElementById("paste-submit");
  var maxLength = Number(form.getAttribute("data-max-length"));
  var maxLines = Number(form.getAttribute("data-max-lines"));
  var fileText = null; // a chosen file's text; large files stay out of the text area
  var fileName = null;
  var archives = null; // archives (or several files) go up as they are; the server unpacks them into the log's files
  var encoder = new TextEncoder();

  function formatBytes(bytes) {
    if (bytes < 1024) return bytes + " B";
    var units = ["KB", "MB", "GB"];
    var value = bytes / 1024;
    var unit = 0;
    while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
    return (value >= 10 ? Math.round(value) : value.toFixed(1)) + " " + units[unit];
  }
  function countLines(text) {
    if (!text) return 0;
    var n = 1;
    for (var i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
    return text.charCodeAt(text.length - 1) === 10 ? n - 1 : n;
  }
  function content() { return fileText !== null ? fileText : textarea.value; }

  function showStats() {
    if (archives) {
      var total = 0;
      for (var k = 0; k < archives.length; k++) total += archives[k].size;
      stats.textContent = archives.map(function (file) { return file.name; }).join(", ") + ": " + formatBytes(total) +
        ". Each file in it becomes a tab of the log; the limits apply to each file.";
      stats.classList.remove("over");
      return;
    }
    var text = content();
    if (!text) { stats.textContent = ""; stats.classList.remove("over"); return; }
    var bytes = encoder.encode(text).length;
    var lines = countLines(text);
    var over = bytes > maxLength || lines > maxLines;
    stats.textContent = (fileName ? fileName + ": " : "") + lines.toLocaleString("en-US") + " lines, " + formatBytes(bytes) +
      (over ? ". Over the limit: the log will be cut to " + maxLines.toLocaleString("en-US") + " lines / " + formatBytes(maxLength) + "." : "");
    stats.classList.toggle("over", over);
  }
  var timer = null;
  textarea.addEventListener("input", function () {
    fileText = null; fileName = null; archives = null;
    clearTimeout(timer);
    timer = setTimeout(showStats, 150);
  });

  function isGzip(bytes) { return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b; }
  function isArchive(file) { return /\.(zip|tar|tgz|tar\.gz)$/i.test(file.name); }

  function chooseFiles(list) {
    var files = Array.prototype.slice.call(list || []);
    if (!files.length) return;
    if (files.length === 1 && !isArchive(files[0])) { archives = null; readFile(files[0]); return; }
    archives = files;
    fileText = null; fileName = null;
    showStats();
  }

  function readFile(file) {
    state.textContent = "Reading " + file.name + "…";
    return file.arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer);
      if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
      if (typeof DecompressionStream === "undefined") throw new Error("This browser cannot unpack .gz files.");
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return new Response(stream).text();
    }).then(function (text) {
      fileText = text;
      fileName = file.name;
      // Small files are shown for a last look; big ones would make the text area sluggish.
      textarea.value = text.length <= 200000 ? text : "";
      textarea.placeholder = text.length <= 200000 ? textarea.placeholder : file.name + " is loaded (" + formatBytes(file.size) + "); it is too large to show here.";
      state.textContent = "";
      showStats();
    }, function (error) {
      state.textContent = "Could not read " + file.name + ": " + error.message;
    });
  }

  fileInput.addEventListener("change", function () { chooseFiles(fileInput.files); });
  textarea.addEventListener("dragover", function (event) { event.preventDefault(); textarea.classList.add("dragging"); });
  textarea.addEventListener("dragleave", function () { textarea.classList.remove("dragging"); });
  textarea.addEventListener("drop", function (event) {
    textarea.classList.remove("dragging");
    var files = event.dataTransfer && event.dataTransfer.files;
    if (!files || !files.length) return;
    event.preventDefault();
    chooseFiles(files);
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = content();
    if (!archives && !text.trim()) { state.textContent = "Paste a log or choose a file first."; textarea.focus(); return; }
    submit.disabled = true;
    state.textContent = "Uploading…";
    var request = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: text, source: "logpaste-web/1" }) };
    if (archives) {
      var body = new FormData();
      body.append("source", "logpaste-web/1");
      for (var i = 0; i < archives.length; i++) body.append("file" + i, archives[i], archives[i].name);
      request = { method: "POST", body: body };
    }
    fetch("/v1/log", request)
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok || !body.success) throw new Error(body.error || "the server answered " + response.status);
          try {
            localStorage.setItem("logpaste:token:" + body.id, body.token);
            sessionStorage.setItem("logpaste:fresh:" + body.id, "1");
          } catch (e) { /* storage blocked: the log is online, only the delete button is lost */ }
          location.assign("/" + encodeURIComponent(body.id));
        });
      })
      .catch(function (error) {
        submit.disabled = false;
        state.textContent = "Upload failed: " + error.message;
      });
  });
})();
