import { MessageScreen } from "#app/components/message-screen.tsx";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function meta() {
  return [{ title: "Page not found — shop" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary() {
  return (
    <MessageScreen
      image="notFound"
      title="Oops! The page you are looking for does not exist."
      action={{ label: "Back to home", to: "/" }}
    />
  );
}

export default function NotFound() {
  return null;
}
