import { useEffect } from "react";

export interface ToastMessage {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

/** A short notice in the corner; screen readers hear it at once (role="alert"). */
export function Toast({ toast, onClose }: { toast: ToastMessage | null; onClose: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onClose, 8000);
    return () => window.clearTimeout(timer);
  }, [toast, onClose]);
  if (!toast) return null;
  return (
    <div role="alert" className={`toast${toast.variant === "destructive" ? " toast--destructive" : ""}`}>
      <p className="toast__title">{toast.title}</p>
      <p>{toast.description}</p>
      <button type="button" className="button button--on-dark" onClick={onClose}>
        Dismiss
      </button>
    </div>
  );
}
