// The queue's list worker (started by visible-ids-client.ts): keeps its copy of the history and answers
// which jobs a query shows (queue-index.ts).
import { QueueIndex, type ToIndex } from './queue-index';

const index = new QueueIndex();
self.addEventListener('message', (event: MessageEvent<ToIndex>) => {
  const answer = index.receive(event.data);
  if (answer) self.postMessage(answer);
});
