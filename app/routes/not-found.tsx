import { Link } from "react-router";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-6 p-16 text-center">
      <h1 className="text-2xl font-semibold">Oops! The page you are looking for does not exist.</h1>
      <Link to="/" className="rounded-full bg-blue-600 px-6 py-2 font-medium text-white hover:bg-blue-700">
        Back to home
      </Link>
    </main>
  );
}

export default function NotFound() {
  return null;
}
