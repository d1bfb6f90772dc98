// Applies the saved theme before the first paint, so a light-theme user never sees a dark
// flash. A file rather than an inline script, so the Content-Security-Policy allows no
// inline script at all. Keep in step with THEME_COLORS in web/lib/theme.ts.
;(() => {
  let theme = 'dark'
  try {
    if (localStorage.getItem('theme') === 'light') theme = 'light'
  } catch {}
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0b1120' : '#f8f9fb')
})()
