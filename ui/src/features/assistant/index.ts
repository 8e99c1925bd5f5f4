/** The assistant: the header button and its drawer (conversations, answers, drafts). */
export { AssistantButton } from './components/assistant-button';
