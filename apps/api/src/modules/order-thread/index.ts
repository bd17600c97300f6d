// The order question thread's public face for other modules (the console, the bot).
export { answerAboutOrder, askFromBot, listThread } from './order-thread.repository.ts';
