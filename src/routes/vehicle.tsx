export default function VehiclePage() {
  return <section className="container page-section"><h1>Vehicle</h1></section>;
}
