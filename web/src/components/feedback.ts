import { App, message as staticMessage, Modal as StaticModal, type ModalFuncProps } from 'antd';

type FeedbackApi = ReturnType<typeof App.useApp>;
type OpenDialog = (config: ModalFuncProps) => { destroy: () => void };

/** The dialogs both antd's hook instance and its static `Modal` can open. */
export interface ModalApi {
  info: OpenDialog;
  confirm: OpenDialog;
  warning: OpenDialog;
  error: OpenDialog;
}

let registered: FeedbackApi | null = null;

/**
 * Code outside React (the HTTP client, the clipboard helper) shows toasts and dialogs through
 * this module. The app registers antd's context-aware instances so they follow the theme and
 * locale; before that, antd's static functions are used.
 */
export function registerFeedback(api: FeedbackApi | null): void {
  registered = api;
}

function messages(): FeedbackApi['message'] {
  return registered?.message ?? staticMessage;
}

export function modals(): ModalApi {
  return registered?.modal ?? StaticModal;
}

// The text doubles as the key, so a burst of identical failures shows one toast, not a stack.
export const toast = {
  error(text: string): void {
    void messages().error({ content: text, key: text });
  },
  success(text: string): void {
    void messages().success({ content: text, key: text });
  },
  warning(text: string): void {
    void messages().warning({ content: text, key: text });
  },
  info(text: string): void {
    void messages().info({ content: text, key: text });
  },
};
