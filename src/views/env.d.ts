// Module declarations the views need (CSS Modules, plain CSS side-effect imports).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
