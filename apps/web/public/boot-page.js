// Runs right after a prerendered page's markup (see src/prerender.tsx), before it is first painted:
// - shows the page in English when that is the stored language (the markup is in a <template>);
// - a signed-in user is on their way elsewhere (sign-in sends them home; the home greets them differently):
//   the spinner instead of a page they would see flash;
// - a form submitted before the scripts have started waits for them (never a native submit: it would send the
//   password in a request the server does not expect); src/main.tsx sends it once the page is live.
(function () {
  var root = document.getElementById('root');
  if (!root || !root.hasAttribute('data-prerendered')) return;
  var storage = null;
  try {
    storage = window.localStorage;
  } catch (e) {
    // Storage blocked: a visitor in Vietnamese, not signed in.
  }
  var read = function (key) {
    try {
      return storage ? storage.getItem(key) : null;
    } catch (e) {
      return null;
    }
  };
  if (read('accessToken')) {
    root.removeAttribute('data-prerendered');
    root.innerHTML = '<div class="boot-spinner" role="progressbar" aria-label="Đang tải… / Loading…"></div>';
    return;
  }
  if (read('language') === 'en') {
    var english = document.getElementById('prerendered-en');
    if (english) {
      root.replaceChildren(english.content.cloneNode(true));
      root.setAttribute('data-lang', 'en');
    }
  }
  document.addEventListener(
    'submit',
    function (event) {
      if (document.documentElement.hasAttribute('data-started')) return;
      event.preventDefault();
      window.portalPendingSubmit = event.target;
    },
    true,
  );
})();

// Starts the app after the page's first paint: its markup and stylesheets paint without sharing a slow line
// with the script files, which then load in parallel (module preloads) as before. A page opened in a background
// tab paints nothing yet (animation frames wait for it to show): there the app starts at once.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href || href === entry) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  };
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  document.addEventListener('visibilitychange', start);
})();
