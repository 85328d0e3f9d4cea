export * from './log-store/index.js';
