// Approximate real-world positions (degrees, WGS84) of the map's cities and of a label point
// for each sea, so clients can draw the map over a real coastline. Transcribed for this project
// from the ancient sites (or their modern successors); not rules data: nothing in the rules
// depends on them.

export interface LatLon {
  lat: number;
  lon: number;
}

export const CITY_POSITIONS: Record<string, LatLon> = {
  Aenos: { lat: 40.72, lon: 26.08 }, // Enez
  Aleria: { lat: 42.09, lon: 9.51 },
  Alexandria: { lat: 31.2, lon: 29.92 },
  Ambracia: { lat: 39.16, lon: 20.99 }, // Arta
  Ancyra: { lat: 39.93, lon: 32.86 }, // Ankara
  Antioch: { lat: 36.2, lon: 36.16 }, // Antakya
  Appia: { lat: 39.0, lon: 30.1 }, // Phrygia, near Altıntaş
  Aquileia: { lat: 45.77, lon: 13.37 },
  Asculum: { lat: 42.85, lon: 13.58 }, // Ascoli Piceno
  Asturica: { lat: 42.46, lon: -6.06 }, // Astorga
  Athena: { lat: 37.98, lon: 23.73 },
  Badias: { lat: 34.7, lon: 6.4 }, // Numidia, south of the Aurès
  Bilbilis: { lat: 41.38, lon: -1.6 }, // near Calatayud
  Brundisium: { lat: 40.63, lon: 17.94 },
  Burdigala: { lat: 44.84, lon: -0.58 }, // Bordeaux
  Byzantium: { lat: 41.01, lon: 28.98 },
  Caralis: { lat: 39.22, lon: 9.12 }, // Cagliari
  'Carthago Nova': { lat: 37.6, lon: -0.98 }, // Cartagena
  Catabathmus: { lat: 31.56, lon: 25.15 }, // near Sallum
  Cenabum: { lat: 47.9, lon: 1.91 }, // Orléans
  Corduba: { lat: 37.88, lon: -4.78 },
  Creta: { lat: 35.3, lon: 24.9 }, // the middle of the island (Gortyn, Knossos)
  Cyrene: { lat: 32.82, lon: 21.86 },
  Damascus: { lat: 33.51, lon: 36.29 },
  Dyrrachium: { lat: 41.32, lon: 19.45 }, // Durrës
  Emerita: { lat: 38.92, lon: -6.34 }, // Mérida
  Ephesus: { lat: 37.94, lon: 27.34 },
  Eusebia: { lat: 38.72, lon: 35.49 }, // Caesarea Mazaca, Kayseri
  Gades: { lat: 36.53, lon: -6.29 }, // Cádiz
  Genua: { lat: 44.41, lon: 8.93 },
  Iomnium: { lat: 36.89, lon: 4.12 }, // Tigzirt
  Jerusalem: { lat: 31.78, lon: 35.23 },
  Lilybaeum: { lat: 37.8, lon: 12.44 }, // Marsala
  Lugdunum: { lat: 45.76, lon: 4.83 }, // Lyon
  Massilia: { lat: 43.3, lon: 5.37 },
  Memphis: { lat: 29.85, lon: 31.25 },
  Messana: { lat: 38.19, lon: 15.55 },
  Narbo: { lat: 43.18, lon: 3.0 },
  Neapolis: { lat: 40.85, lon: 14.27 },
  Nicomedia: { lat: 40.77, lon: 29.92 }, // İzmit
  Olisipo: { lat: 38.72, lon: -9.14 }, // Lisbon
  Pelusium: { lat: 31.04, lon: 32.55 },
  Perga: { lat: 36.96, lon: 30.85 },
  Pergamum: { lat: 39.13, lon: 27.18 },
  Portus: { lat: 41.15, lon: -8.61 }, // Portus Cale, Porto
  Pylos: { lat: 36.91, lon: 21.7 },
  Ravenna: { lat: 44.42, lon: 12.2 },
  Rhegium: { lat: 38.11, lon: 15.65 },
  Rome: { lat: 41.9, lon: 12.5 },
  Sala: { lat: 34.01, lon: -6.82 }, // Chellah, by Rabat
  Salamis: { lat: 35.18, lon: 33.9 },
  Salone: { lat: 43.54, lon: 16.48 }, // Solin, by Split
  Serdica: { lat: 42.7, lon: 23.32 }, // Sofia
  Siga: { lat: 35.26, lon: -1.44 },
  Sinope: { lat: 42.03, lon: 35.15 },
  Sipontum: { lat: 41.61, lon: 15.89 }, // by Manfredonia
  Sirmium: { lat: 44.97, lon: 19.61 }, // Sremska Mitrovica
  Syracuse: { lat: 37.08, lon: 15.29 },
  Tacape: { lat: 33.88, lon: 10.1 }, // Gabès
  Tarraco: { lat: 41.12, lon: 1.25 },
  Tarsus: { lat: 36.92, lon: 34.89 },
  Thessalonika: { lat: 40.64, lon: 22.94 },
  Thubactus: { lat: 32.38, lon: 15.09 }, // Misrata
  Tingis: { lat: 35.78, lon: -5.81 }, // Tangier
  Toletum: { lat: 39.86, lon: -4.02 }, // Toledo
  Treveri: { lat: 49.75, lon: 6.64 }, // Trier
  Utica: { lat: 37.06, lon: 10.06 },
};

/** Where to write each sea's name: a point in open water, roughly its middle. */
export const SEA_LABELS: Record<string, LatLon> = {
  Atlanticus: { lat: 40.5, lon: -11.0 },
  Hispanum: { lat: 38.6, lon: 3.5 },
  Tyrrhenum: { lat: 39.8, lon: 12.2 },
  Internum: { lat: 35.2, lon: 18.0 },
  Hadriaticum: { lat: 42.8, lon: 15.6 },
  Egypticum: { lat: 33.6, lon: 30.5 },
  Aegaeum: { lat: 38.6, lon: 25.0 },
  Propontis: { lat: 40.72, lon: 28.2 },
  Euxinus: { lat: 43.2, lon: 34.0 },
};
