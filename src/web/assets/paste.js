/* The paste page's behaviour: size and line counts against the limits before sending, files
   (plain or gzip) by picker, by a drop anywhere on the window or pasted from the clipboard,
   binary files refused, Ctrl/Cmd+S and Ctrl+Enter to save, the upload gzip-compressed in the
   browser, then the log's page. The delete token goes to localStorage, and a one-time flag in
   sessionStorage tells the log page to show it once. */
(function () {
  
  var form = document.getElementById("paste-form");
  if (!form) return;
  var textarea = document.getElementById("paste-content");
  var fileInput = document.getElementById("paste-file");
  var stats = document.getElementById("paste-stats");
  var state = document.getElementById("paste-state");
  var submit = document.getElementById("paste-submit");
  var maxLength = Number(form.getAttribute("data-max-length"));
  var maxLines = Number(form.getAttribute("data-max-lines"));
  // What the server reads of a body at most: as sent (compressed) and once decoded. Beyond
  // either it refuses the upload (413) rather than cut it, so the page must say so first.
  var maxBodyBytes = Number(form.getAttribute("data-max-body-bytes"));
  var maxDecodedBytes = Number(form.getAttribute("data-max-decoded-bytes"));
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
    var tooLarge = bytes > maxDecodedBytes;
    stats.textContent = (fileName ? fileName + ": " : "") + lines.toLocaleString("en-US") + " lines, " + formatBytes(bytes) +
      (tooLarge ? ". Too large to send: the server reads at most " + formatBytes(maxDecodedBytes) + " of text. Send the part that matters." :
        over ? ". Over the limit: the server keeps the beginning, the first " + maxLines.toLocaleString("en-US") + " lines / " + formatBytes(maxLength) + "." : "");
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
      // A NUL byte does not occur in a text log: this is an image, a jar, a world file...
      if (text.indexOf("\u0000") !== -1) throw new Error("it is not a text file (it holds NUL bytes). Only text logs can be shared.");
      return text;
    }).then(function (text) {
      fileText = text;
      fileName = file.name;
      // Small files are shown for a last look; big ones would make the text area sluggish.
      textarea.value = text.length <= 200000 ? text : "";
      textarea.placeholder = text.length <= 200000 ? textarea.placeholder : file.name + " is loaded (" + formatBytes(file.size) + "); it is too large to show here.";
      state.textContent = "";
      showStats();
    }, function (error) {
      fileText = null; fileName = null;
      showStats();
      state.textContent = "Could not read " + file.name + ": " + error.message;
    });
  }

  fileInput.addEventListener("change", function () { chooseFiles(fileInput.files); });

  /* A file dropped anywhere on the window, not only on the text area. */
  function carriesFiles(event) {
    return event.dataTransfer && Array.prototype.indexOf.call(event.dataTransfer.types, "Files") !== -1;
  }
  window.addEventListener("dragover", function (event) {
    if (!carriesFiles(event)) return;
    event.preventDefault(); // else the browser opens the file in place of the page
    document.body.classList.add("dragging");
  });
  window.addEventListener("dragleave", function (event) {
    if (!event.relatedTarget) document.body.classList.remove("dragging"); // left the window
  });
  window.addEventListener("drop", function (event) {
    document.body.classList.remove("dragging");
    if (!carriesFiles(event)) return; // dropped text goes into the text area as usual
    event.preventDefault();
    chooseFiles(event.dataTransfer.files);
  });
  /* A file copied in a file manager and pasted here; pasted text is left to the text area. */
  document.addEventListener("paste", function (event) {
    var files = event.clipboardData?.files;
    if (!files?.length) return;
    event.preventDefault();
    chooseFiles(files);
  });
  /* Ctrl+S or Cmd+S (instead of saving the page) and Ctrl+Enter or Cmd+Enter upload. */
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key !== "Enter" && event.key !== "s" && event.key !== "S") return;
    event.preventDefault();
    if (!submit.disabled) form.requestSubmit(submit);
  });

  /* The JSON body, gzip-compressed when the browser can: a 40 MB log goes as a few MB, within
     the body limit, and the server cuts it to the limits announced above. */
  function jsonRequest(text) {
    var json = encoder.encode(JSON.stringify({ content: text, source: "logpaste-web/1" }));
    if (json.length > maxDecodedBytes) {
      return Promise.reject(new Error("the log is too large to send (over " + formatBytes(maxDecodedBytes) + ")."));
    }
    var headers = { "content-type": "application/json" };
    if (typeof CompressionStream === "undefined") return Promise.resolve({ method: "POST", headers: headers, body: json });
    var gzipped = new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Response(gzipped).arrayBuffer().then(function (body) {
      headers["content-encoding"] = "gzip";
      return { method: "POST", headers: headers, body: body };
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = content();
    if (!archives && !text.trim()) { state.textContent = "Paste a log or choose a file first."; textarea.focus(); return; }
    submit.disabled = true;
    state.textContent = "Uploading…";
    var request;
    if (archives) {
      var body = new FormData();
      body.append("source", "logpaste-web/1");
      for (var i = 0; i < archives.length; i++) body.append("file" + i, archives[i], archives[i].name);
      request = Promise.resolve({ method: "POST", body: body });
    } else {
      request = jsonRequest(text);
    }
    request
      .then(function (init) {
        // Checked for text; archives go as the files they are (FormData has no byteLength).
        if (init.body.byteLength > maxBodyBytes) throw new Error("the upload is over the server's limit of " + formatBytes(maxBodyBytes) + ".");
        return fetch("/v1/log", init);
      })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok || !body.success) throw new Error(body.error || "the server answered " + response.status);
          try {
            localStorage.setItem("logpaste:token:" + body.id, body.token);
            sessionStorage.setItem("logpaste:fresh:" + body.id, "1");
          } catch (_e) { /* storage blocked: the log is online, only the delete button is lost */ }
          location.assign("/" + encodeURIComponent(body.id));
        });
      })
      .catch(function (error) {
        submit.disabled = false;
        state.textContent = "Upload failed: " + error.message;
      });
  });
})();
