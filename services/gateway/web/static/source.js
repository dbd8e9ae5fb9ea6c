// the standalone source page (a citation opened in a new tab): bring the cited span into view
const active = document.getElementById("active-span");
if (active) active.scrollIntoView({ block: "center", behavior: "instant" });
