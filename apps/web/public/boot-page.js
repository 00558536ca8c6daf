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
