// Colour mode (spec §4), applied before the first paint: an external script, so that the page's
// Content-Security-Policy needs no inline script without a nonce (issue 14 item 7).
(function(){try{var p=localStorage.getItem("portal-color-mode")||"system";var d=p==="dark"||(p==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);document.documentElement.dataset.colorMode=p}catch(e){/* no storage: system mode */}})()
