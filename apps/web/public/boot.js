// Runs before the stylesheet-in-JS and React: applies the saved skin and language to <html> so the first paint
// already has the right background and no flash of the wrong skin happens. Keys match app/ui-store.ts.
(function () {
  var root = document.documentElement;
  try {
    var skin = window.localStorage.getItem('skin');
    root.setAttribute('data-theme', skin === 'dark' ? 'dark' : 'light');
    var language = window.localStorage.getItem('language');
    root.setAttribute('lang', language === 'en' ? 'en' : 'vi');
  } catch (e) {
    // Storage blocked (private mode policies): keep the defaults, light and Vietnamese.
    root.setAttribute('data-theme', 'light');
  }
})();
