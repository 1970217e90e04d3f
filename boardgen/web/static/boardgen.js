// The live form: as options change, ask the page whether they are right, show each problem next to its
// field, the download link and a preview of the first page. And a job's progress, until it is done.
"use strict";

// The words the script writes, in the page's language: the page gives them (data-* of #pages and #job), with
// {name} where a value goes; English where a page gives none.
function said(element, key, english, values = {}) {
  const words = (element && element.dataset[key]) || english;
  return words.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function formQuery(form) {
  // Only what differs from the defaults: a short link asks for the same as the whole form.
  const params = new URLSearchParams();
  for (const element of form.elements) {
    if (!element.name || element.name === "made" || element.type === "hidden" || element.type === "submit") continue;
    let value;
    if (element.type === "checkbox") value = element.checked ? "true" : "false";
    else value = element.value;
    if (element.name !== "subject" && value === (element.dataset.default || "")) continue;
    if (element.type !== "checkbox" && value === "" && element.name !== "subject") continue;
    params.append(element.name, value);
  }
  return params;
}

async function refresh(form) {
  const product = form.dataset.product;
  const response = await fetch(`/check/${product}?${formQuery(form)}`);
  const answer = await response.json();
  for (const box of form.querySelectorAll(".error")) {
    box.textContent = answer.errors[box.id.slice("error-".length)] || "";
  }
  for (const [name, values] of Object.entries(answer.suggestions || {})) {
    // The chosen game's own boards and languages to pick from.
    const list = document.getElementById(`${name}-list`);
    if (!list || list.dataset.values === values.join("\n")) continue;
    list.replaceChildren(...values.map((value) => Object.assign(document.createElement("option"), { value })));
    list.dataset.values = values.join("\n");
  }
  for (const field of form.querySelectorAll(".field[data-option]")) {
    const reason = (answer.idle || {})[field.dataset.option];
    field.classList.toggle("idle", Boolean(reason));
    field.title = reason ? said(document.getElementById("pages"), "idle", "This option {reason}.", { reason }) : "";
  }
  const linkBox = document.getElementById("link-box");
  const link = document.getElementById("download");
  const preview = document.getElementById("preview");
  const pages = document.getElementById("pages");
  if (!answer.download) {
    linkBox.hidden = true;
    return;
  }
  link.href = answer.download;
  document.getElementById("link-text").textContent = new URL(answer.download, location.href).href;
  linkBox.hidden = form.dataset.long === "true" && product !== "giftset";
  if (!answer.preview) { preview.hidden = true; pages.textContent = ""; return; }
  pages.textContent = said(pages, "drawing", "Drawing the preview…");
  const picture = await fetch(answer.preview);
  if (!picture.ok) { pages.textContent = await picture.text(); return; }
  const text = document.getElementById("text-preview");
  if ((picture.headers.get("Content-Type") || "").startsWith("text/plain")) {
    text.textContent = await picture.text();
    text.hidden = false;
    preview.hidden = true;
    pages.textContent = "";
    return;
  }
  text.hidden = true;
  const count = picture.headers.get("X-Boardgen-Pages");
  const paperField = form.querySelector('.field[data-option="paper"]');
  const paper = paperField && !paperField.classList.contains("idle") ? form.elements.paper.value.toUpperCase() : "";
  const shows = picture.headers.get("X-Boardgen-Shows");
  const counted = count === "1" ? said(pages, "page", "{count} page", { count }) :
    said(pages, "pages", "{count} pages", { count });
  pages.textContent = count ? `${shows ? shows + ": " : ""}` +
    (paper ? said(pages, "of", "{pages} of {paper}", { pages: counted, paper }) : counted) : "";
  const blob = await picture.blob();
  if (preview.dataset.url) URL.revokeObjectURL(preview.dataset.url);
  preview.dataset.url = URL.createObjectURL(blob);
  preview.src = preview.dataset.url;
  preview.dataset.for = answer.preview;
  preview.hidden = false;
}

function watchForm(form) {
  let timer = null;
  const changed = () => { clearTimeout(timer); timer = setTimeout(() => refresh(form), 250); };
  form.addEventListener("change", changed);
  form.addEventListener("input", changed);
  refresh(form);
}

function watchJob(box) {
  const poll = async () => {
    const response = await fetch(`/jobs/${box.dataset.job}.json`);
    const job = await response.json();
    if (job.state !== box.dataset.state && job.state !== "running" || job.state === "done") { location.reload(); return; }
    const status = document.getElementById("status");
    const bar = document.getElementById("progress");
    if (bar) { bar.max = job.total; bar.value = job.done; }
    if (status) status.textContent = job.state === "waiting" ? job.queue :
      said(box, "working", "Working: {label} ({done} of {total})", { label: job.label, done: job.done, total: job.total });
    box.dataset.state = job.state;
    setTimeout(poll, 500);
  };
  setTimeout(poll, 300);
}

const form = document.getElementById("product-form");
if (form) watchForm(form);
const job = document.getElementById("job");
if (job && (job.dataset.state === "waiting" || job.dataset.state === "running")) watchJob(job);
