// Minimal typings for @rails/actioncable (the package ships no types).
declare module '@rails/actioncable' {
  export interface ChannelMixin {
    connected?(): void;
    disconnected?(): void;
    rejected?(): void;
    received?(data: unknown): void;
  }

  export interface Subscription {
    identifier: string;
    unsubscribe(): void;
    perform(action: string, data?: Record<string, unknown>): boolean;
    send(data: Record<string, unknown>): boolean;
  }

  export interface Subscriptions {
    create(channel: string | { channel: string; [key: string]: unknown }, mixin?: ChannelMixin): Subscription;
  }

  export interface Consumer {
    url: string;
    subscriptions: Subscriptions;
    connect(): boolean;
    disconnect(): void;
  }

  export function createConsumer(url?: string): Consumer;
}
