/** Stylesheets imported for their side effect (Vite injects them). */
declare module '*.css';
