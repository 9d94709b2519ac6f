// Plain CSS files are imported for their side effect; Vite bundles them into the page's stylesheet.
declare module '*.css';
