// The 繁/简 switch keeps the reader's place: it carries the query (?q=) and the anchor (#<step id>).
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a.xs-script-link");
  if (!link) return;
  link.href = link.href.split(/[?#]/)[0] + window.location.search + window.location.hash;
});
