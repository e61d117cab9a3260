// app 1.4.0 — bundled release build
export function greet(name) {
  return `Hello, ${name}!`;
}
