// wsmark web page: progressive enhancement only. Every page works without this file.
"use strict";

function checkPage() {
  const form = document.getElementById("check-form");
  if (!form) return;
  const input = document.getElementById("files");
  const zone = document.getElementById("dropzone");
  const results = document.getElementById("results");
  const status = document.getElementById("status");
  const chosen = document.getElementById("chosen");
  const button = document.getElementById("check-button");
  const batch = results.dataset.batch;
  let busy = false;

  function row(name) {
    const section = document.createElement("section");
    section.className = "item verdict-checking";
    const header = document.createElement("header");
    const title = document.createElement("h2");
    title.textContent = name;
    const state = document.createElement("p");
    state.className = "verdict";
    state.innerHTML = '<span class="badge">checking</span> Checking\u2026';
    header.append(title, state);
    section.append(header);
    results.append(section);
    return section;
  }

  function failed(section, text) {
    section.className = "item verdict-error";
    section.dataset.verdict = "error";
    section.querySelector(".verdict").innerHTML = '<span class="badge">error</span> ';
    section.querySelector(".verdict").append("Error: could not be checked");
    const line = document.createElement("p");
    line.className = "error-line";
    line.textContent = text.trim().split("\n")[0];
    section.append(line);
  }

  async function send(file) {
    const section = row(file.name);
    const data = new FormData();
    data.append("token", form.elements.token.value);
    data.append("batch", batch);
    data.append("display_height", form.elements.display_height.value);
    data.append("pack", form.elements.pack.value);
    data.append("files", file, file.name);
    try {
      const response = await fetch("/check", {method: "POST", body: data,
        headers: {"X-Wsmark-Fragment": "1"}, credentials: "same-origin"});
      const text = await response.text();
      if (!response.ok) { failed(section, text); return; }
      const holder = document.createElement("div");
      holder.innerHTML = text;
      section.replaceWith(...holder.children);
    } catch (err) {
      failed(section, "wsmark: the server did not answer (" + err + ")");
    }
  }

  function plural(n) { return n + (n === 1 ? " file" : " files"); }

  // One upload per action: the Check button (or a drop) sends the files once; choosing
  // them only says how many are chosen, and a second press while they are being checked
  // sends nothing.
  async function checkAll(files) {
    files = Array.from(files);
    if (busy) return;
    if (!files.length) {
      status.textContent = "Choose one or more proofs first.";
      return;
    }
    busy = true;
    button.disabled = true;
    results.setAttribute("aria-busy", "true");
    status.classList.remove("said");
    status.textContent = "Checking " + plural(files.length) + "\u2026";
    try {
      await Promise.all(files.map(send));
      const response = await fetch("/check/" + batch + "/summary", {credentials: "same-origin"});
      if (response.ok) {
        const holder = document.createElement("div");
        holder.innerHTML = await response.text();
        const summary = holder.firstElementChild;
        document.getElementById("summary").replaceWith(summary);
        const counted = summary.querySelector("h2");
        status.textContent = "Checked " + (counted ? counted.textContent.trim() : plural(files.length)) + ".";
        status.classList.add("said");  // the summary shows the counts; read out, not shown twice
        history.replaceState(null, "", "/check/" + batch);
      } else {
        status.textContent = "Checked " + plural(files.length) + "; the summary could not be fetched.";
      }
    } finally {
      busy = false;
      button.disabled = false;
      results.removeAttribute("aria-busy");
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const files = Array.from(input.files);
    input.value = "";
    chosen.textContent = "";
    checkAll(files);
  });
  input.addEventListener("change", () => {
    const n = input.files.length;
    chosen.textContent = n ? plural(n) + " chosen: press Check to send " + (n === 1 ? "it" : "them") : "";
  });
  ["dragenter", "dragover"].forEach((type) => zone.addEventListener(type, (event) => {
    event.preventDefault(); zone.classList.add("over");
  }));
  ["dragleave", "drop"].forEach((type) => zone.addEventListener(type, () => zone.classList.remove("over")));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    checkAll(event.dataTransfer.files);
  });
}

function designPage() {
  const form = document.getElementById("design-form");
  if (!form) return;
  let timer = null;
  let asked = 0;

  async function refresh() {
    const query = new URLSearchParams(new FormData(form)).toString();
    const mine = ++asked;
    document.getElementById("preview").classList.add("busy");
    const response = await fetch("/design?" + query, {credentials: "same-origin"});
    if (mine !== asked) return;  // a newer request is on its way
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("preview");
    if (fresh) document.getElementById("preview").replaceWith(fresh);
    page.querySelectorAll(".field-error").forEach((span) => {
      const here = document.getElementById(span.id);
      if (here) {
        here.textContent = span.textContent;
        here.parentElement.classList.toggle("has-error", span.textContent.trim() !== "");
      }
    });
    history.replaceState(null, "", "/design?" + query);
  }

  form.addEventListener("input", (event) => {
    if (event.target.name === "kind") return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 350);
  });
  form.addEventListener("change", (event) => {
    if (event.target.name === "kind") {
      window.location.assign("/design?kind=" + encodeURIComponent(event.target.value));
    } else if (event.target.tagName === "SELECT" || event.target.type === "checkbox") {
      clearTimeout(timer);
      refresh();
    }
  });
  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); refresh(); });
}

checkPage();
designPage();
