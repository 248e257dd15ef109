// How long the page was busy, for the tests and benchmarks to read (window.rommiPerf): every
// long task (over 50 ms), the layout shifts not caused by the player, and when the table became
// ready (js/boot.mjs). Both observers are "buffered", so what happened before this module ran
// (the first paint, the setup form drawn at once) is counted too.
window.rommiPerf = { tasks: [], shifts: [], readyAt: null };
window.rommiPerf.longestSince = (t) =>
  Math.max(0, ...window.rommiPerf.tasks.filter(([start]) => start >= t).map(([, d]) => d));
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.rommiPerf.tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
} catch { /* no long-task timing in this browser */ }
try {  // layout shifts not caused by the player (the cumulative layout shift is their sum)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.rommiPerf.shifts.push([Math.round(e.startTime), e.value]);
  }).observe({ type: "layout-shift", buffered: true });
} catch { /* no layout-shift timing in this browser */ }
