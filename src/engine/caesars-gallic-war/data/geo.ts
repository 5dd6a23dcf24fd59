// Approximate real-world positions (degrees of latitude and longitude) of the map's points, for
// clients that draw the map on a real coastline: each tribal area at the heart of its tribes'
// territory (a double or variable area between its two peoples), Germania east of the middle
// Rhine, Transalpine Gaul at Aquae Sextiae, the Roman Off-Map box in Cisalpine Gaul, and each sea
// zone at the place for its label. Our own transcription from historical geography, not the board.
import type { AreaId } from './map.js';

export const AREA_POSITIONS: Record<AreaId, { lat: number; lon: number }> = {
  aedui: { lat: 46.9, lon: 4.0 }, // Bibracte
  allobroges: { lat: 45.6, lon: 5.6 }, // between the Rhône and the Isère, Vienne
  andes: { lat: 47.6, lon: -0.9 }, // Angers; the Venelli of the Cotentin to the north
  arverni: { lat: 45.7, lon: 3.1 }, // Gergovia
  atrebates: { lat: 50.4, lon: 2.4 }, // Arras; the Morini on the coast
  atuatuci: { lat: 49.8, lon: 4.4 }, // the Remi at Reims, the Atuatuci on the Meuse
  bellovaci: { lat: 49.5, lon: 1.7 }, // Beauvais; the Caletes at the Seine's mouth
  bituriges: { lat: 47.1, lon: 2.4 }, // Avaricum
  boii: { lat: 45.2, lon: 4.1 }, // the Boii of Gorgobina and the Helvii of the Vivarais
  britannia: { lat: 51.2, lon: 0.2 }, // the Cantiaci of Kent and the Belgae
  cadurci: { lat: 44.5, lon: 1.8 }, // Cahors, Uxellodunum; the Ruteni of Rodez
  carnutes: { lat: 47.9, lon: 1.2 }, // Cenabum; the Cenomani of Le Mans
  esuvii: { lat: 48.7, lon: -0.2 }, // Sées and the Lexovii of Lisieux
  helvetii: { lat: 46.9, lon: 7.4 }, // the Swiss plateau
  leuci: { lat: 48.6, lon: 5.9 }, // Toul
  mandubii: { lat: 47.8, lon: 3.9 }, // Alesia and the Senones of Sens
  mediomatrici: { lat: 49.1, lon: 6.3 }, // Metz
  menapi: { lat: 50.9, lon: 3.9 }, // the Menapii of the Scheldt and the Nervii of Bavay
  osismi: { lat: 48.3, lon: -3.8 }, // western Armorica
  pictones: { lat: 46.9, lon: -0.8 }, // Poitiers and the Namnetes of Nantes
  santones: { lat: 45.8, lon: 0.4 }, // Saintes and the Lemovices of Limoges
  sequani: { lat: 47.2, lon: 6.0 }, // Vesontio
  tarbelli: { lat: 43.8, lon: -0.8 }, // Dax and the Elusates of Eauze
  tolosates: { lat: 43.5, lon: 1.0 }, // Toulouse and the Sotiates
  treveri: { lat: 50.0, lon: 6.3 }, // Trier and the Eburones of the Ardennes
  veneti: { lat: 47.7, lon: -2.8 }, // Vannes
  volcae: { lat: 43.6, lon: 3.3 }, // Narbo and Nemausus
  germania: { lat: 50.3, lon: 8.8 }, // east of the middle Rhine
  transalpine_gaul: { lat: 43.6, lon: 5.6 }, // Aquae Sextiae
  roman_off_map: { lat: 45.3, lon: 9.2 }, // Cisalpine Gaul
  oceanus_britannicus: { lat: 50.1, lon: -2.0 }, // the Channel
  mare_cantabricum: { lat: 45.3, lon: -3.0 }, // the Bay of Biscay
};
