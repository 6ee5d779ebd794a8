/** Stylesheets imported for their side effect (Vite injects them). */
declare module '*.css';

/** Vite's `?worker` imports: a constructor of the bundled worker (Monaco's editor and JSON workers). */
declare module '*?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
